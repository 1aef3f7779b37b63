print("pagereel")
