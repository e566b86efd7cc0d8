# /categories, /brands, /attributes: ids and codes for an import.
categories-title = <b>Санаттар</b> · { $pages } беттің { $page }-беті · барлығы { $total }
categories-legend = ✅ — соңғы деңгейдегі санат: тауарда санат ретінде осы санаттың ID-і көрсетіледі.
brands-title = <b>Брендтер</b> · { $pages } беттің { $page }-беті · барлығы { $total }
attributes-title = <b>Сипаттамалар</b> · { $pages } беттің { $page }-беті · барлығы { $total }
attributes-of-category = Санат: { $category }
attributes-item =
    <b>{ $name }</b> — коды <code>{ $code }</code>
    Мәндері: { $values }
attributes-values-more = … және тағы { $count }
directories-empty = Анықтамалық бос.
directories-no-hits = Ештеңе табылмады. Басқа сөзбен іздеп көріңіз немесе команданы мәтінсіз жіберіңіз.
